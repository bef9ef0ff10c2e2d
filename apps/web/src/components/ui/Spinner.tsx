import { Loader2 } from 'lucide-react';
import { cn } from './cn';

/**
 * The turning "busy" icon, turned as an HTML box around the icon: a transform animation of an
 * HTML element runs on the browser's compositor thread, off the main thread that the page's own
 * work (an extraction's answer, the file list) needs (docs/decisions/036-browser-speed-at-scale.md).
 */
export function Spinner({ className }: { className?: string }) {
  return (
    <span aria-hidden className={cn('inline-flex shrink-0 animate-spin', className)}>
      <Loader2 className="size-full" />
    </span>
  );
}
