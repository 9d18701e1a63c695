import { SegmentedControl, type MantineSize } from '@mantine/core';
import { useAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { isLanguage, LANGUAGES, type Language } from '../i18n';
import { languageAtom } from '../lib/session';

/** Each language named in its own script and marked as such for screen readers. */
const OWN_LANG: Record<Language, string> = { EN: 'en', BN: 'bn' };

/** EN/BN switch in the headers and the footer; the choice is saved as PREF_LANG. */
export function LanguageSelect({ size = 'sm' }: { size?: MantineSize }) {
  const { t } = useTranslation('common');
  const [language, setLanguage] = useAtom(languageAtom);
  return (
    <SegmentedControl
      aria-label={t('footer.language')}
      size={size}
      value={language}
      onChange={(value) => isLanguage(value) && setLanguage(value)}
      data={LANGUAGES.map((code) => ({
        value: code,
        label: <span lang={OWN_LANG[code]}>{t(`language.${code}`)}</span>,
      }))}
    />
  );
}
