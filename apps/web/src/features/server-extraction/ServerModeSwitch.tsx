import { Server, WifiOff } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnline } from '../../lib/use-online';
import type { ExtractionMode } from './extraction-mode';
import { useServerSettings } from './use-server-settings';

interface ServerModeSwitchProps {
  mode: ExtractionMode;
  onChange: (mode: ExtractionMode) => void;
  /** While archives are being extracted the mode cannot change. */
  disabled?: boolean;
}

/**
 * "Extract on our server": a native checkbox announced as a switch, labelled, with the line that
 * says what the choice means (uploaded, where, for how long). The numbers are the running
 * server's own (GET /api/config), never from the translations.
 */
export function ServerModeSwitch({ mode, onChange, disabled = false }: ServerModeSwitchProps) {
  const { t } = useTranslation();
  const id = useId();
  const { retentionMinutes, maxUploadMb } = useServerSettings();
  const online = useOnline();
  return (
    <div className="flex items-start gap-3">
      <span className="relative mt-0.5 inline-flex shrink-0">
        <input
          id={id}
          type="checkbox"
          role="switch"
          checked={mode === 'server'}
          disabled={disabled}
          aria-describedby={`${id}-note`}
          onChange={(event) => onChange(event.target.checked ? 'server' : 'browser')}
          className="peer h-5 w-9 cursor-pointer appearance-none rounded-full bg-muted-foreground/50 transition-colors checked:bg-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50"
        />
        {/* The thumb: drawn over the track, transparent to clicks so the checkbox gets them. */}
        <span
          aria-hidden
          className="pointer-events-none absolute start-0.5 top-0.5 size-4 rounded-full bg-background shadow transition-transform peer-checked:translate-x-4 rtl:peer-checked:-translate-x-4"
        />
      </span>
      <div className="min-w-0">
        <label htmlFor={id} className="flex cursor-pointer items-center gap-2 text-sm font-medium">
          <Server aria-hidden className="size-4 text-muted-foreground" />
          {t('extractor.server.label')}
        </label>
        <p id={`${id}-note`} className="mt-1 text-xs text-muted-foreground">
          {t('extractor.server.note', { retentionMinutes, maxUploadMb })}
        </p>
        {/* The page itself works offline (docs/decisions/033-installable-offline-app.md); this mode cannot. */}
        {mode === 'server' && !online && (
          <p role="status" data-server-offline className="mt-2 flex items-start gap-2 text-sm font-medium text-destructive">
            <WifiOff aria-hidden className="mt-0.5 size-4 shrink-0" />
            {t('extractor.server.offline')}
          </p>
        )}
      </div>
    </div>
  );
}
