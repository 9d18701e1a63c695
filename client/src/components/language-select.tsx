import { SegmentedControl } from '@mantine/core';
import { useAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { isLanguage, LANGUAGES } from '../i18n';
import { languageAtom } from '../lib/session';

/** EN/BN switch; the choice is saved as PREF_LANG. */
export function LanguageSelect() {
  const { t } = useTranslation('common');
  const [language, setLanguage] = useAtom(languageAtom);
  return (
    <SegmentedControl
      aria-label={t('footer.language')}
      value={language}
      onChange={(value) => isLanguage(value) && setLanguage(value)}
      data={LANGUAGES.map((code) => ({ value: code, label: t(`language.${code}`) }))}
    />
  );
}
