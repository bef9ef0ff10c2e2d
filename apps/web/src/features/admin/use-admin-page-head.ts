import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { applyHeadTags } from '../../app/head/page-head';
import { currentLanguage } from '../../i18n';
import { adminPageHead } from './admin-head';

/** Keeps <head> and `<html lang dir>` right on the admin page, also after a language switch. */
export function useAdminPageHead(): void {
  const { i18n } = useTranslation('admin');
  const { code } = currentLanguage(i18n);
  useEffect(() => {
    applyHeadTags(adminPageHead(i18n, code));
  }, [i18n, code]);
}
