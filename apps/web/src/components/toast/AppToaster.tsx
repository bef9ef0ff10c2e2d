import { useEffect } from 'react';
import { Toaster } from 'sonner';
import { useIsDark } from '../../features/theme/use-is-dark';
import { toasterMounted } from './notify';

/** The spec's toaster: 3 visible, 4 s, bottom-right; follows the page's theme. Loaded on first use. */
export default function AppToaster() {
  const dark = useIsDark();
  // Runs after sonner's own effects (children first), so it is subscribed before the first toast.
  useEffect(() => toasterMounted(), []);
  return <Toaster position="bottom-right" visibleToasts={3} duration={4000} closeButton theme={dark ? 'dark' : 'light'} />;
}
