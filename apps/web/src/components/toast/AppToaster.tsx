import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Toaster } from 'sonner';
import { useIsDark } from '../../features/theme/use-is-dark';
import { toasterMounted } from './notify';

/**
 * The toaster of docs/product.md#errors-and-notifications: 3 visible, 4 s, bottom-right
 * (bottom-left in right-to-left languages: the reading direction's end); follows the page's theme.
 * Loaded on first use.
 */
export default function AppToaster() {
  const dark = useIsDark();
  const { i18n } = useTranslation();
  const dir = i18n.dir();
  // Runs after sonner's own effects (children first), so it is subscribed before the first toast.
  useEffect(() => toasterMounted(), []);
  return (
    <Toaster
      dir={dir}
      position={dir === 'rtl' ? 'bottom-left' : 'bottom-right'}
      visibleToasts={3}
      duration={4000}
      closeButton
      theme={dark ? 'dark' : 'light'}
    />
  );
}
