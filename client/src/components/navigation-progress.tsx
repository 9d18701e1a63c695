// Immediate feedback on navigation: a thin bar at the top of the window from the tap until the
// next screen's code and words are there (a lazy route loads on a slow line for seconds).
import { VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router-dom';
import classes from './navigation-progress.module.css';

export function NavigationProgress() {
  const { t } = useTranslation();
  const loading = useNavigation().state !== 'idle';
  if (!loading) return null;
  return (
    <div className={classes.bar} role="progressbar" aria-label={t('live.navigating')} data-testid="navigation-progress">
      <VisuallyHidden>{t('live.navigating')}</VisuallyHidden>
    </div>
  );
}
