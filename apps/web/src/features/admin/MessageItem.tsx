import type { AdminMessage } from '@archive-opener/shared/api';
import { Check, Mail, TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { cn } from '../../components/ui/cn';
import { containsScriptLikeContent } from '../file-preview/suspicious-content';
import { formatDateTime } from '../../lib/format-date';
import { Badge } from './Badge';
import { DeleteMessageDialog } from './DeleteMessageDialog';
import { useMarkRead } from './use-messages';

interface MessageItemProps {
  message: AdminMessage;
  /** Where focus goes once the message (and its buttons) are gone. */
  onDeleted: () => void;
}

/**
 * One contact message. Everything the sender typed is shown as text, never as markup; text that
 * looks like a script also gets a warning badge (docs/decisions/006-security-rules-for-all-input.md).
 */
export function MessageItem({ message, onDeleted }: MessageItemProps) {
  const { t, i18n } = useTranslation('admin');
  const id = useId();
  const markRead = useMarkRead();
  const unread = !message.isRead;
  const suspicious = containsScriptLikeContent(`${message.name}\n${message.email}\n${message.message}`);

  return (
    <li className={cn('border-s-4 p-4', unread ? 'border-primary bg-accent/40' : 'border-transparent')}>
      <article aria-labelledby={`${id}-name`} className="space-y-2">
        <header className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h3 id={`${id}-name`} className="min-w-0 font-semibold break-words [overflow-wrap:anywhere]">
            <bdi>{message.name}</bdi>
          </h3>
          {unread && <Badge tone="primary">{t('messages.new')}</Badge>}
          {suspicious && (
            <Badge tone="warning">
              <TriangleAlert aria-hidden />
              {t('messages.suspicious')}
            </Badge>
          )}
        </header>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
          <a
            href={`mailto:${message.email}`}
            className="inline-flex min-w-0 items-center gap-1 text-primary underline underline-offset-4 hover:no-underline [overflow-wrap:anywhere]"
          >
            <Mail aria-hidden className="size-3.5 shrink-0" />
            <bdi>{message.email}</bdi>
          </a>
          <time dateTime={message.createdAt}>{formatDateTime(message.createdAt, i18n.resolvedLanguage)}</time>
        </p>
        {suspicious && <p className="text-xs text-muted-foreground">{t('messages.suspiciousHint')}</p>}
        <p dir="auto" className="text-sm whitespace-pre-wrap break-words [overflow-wrap:anywhere]">
          {message.message}
        </p>
        <div className="flex flex-wrap gap-2 pt-1">
          <Button
            size="sm"
            variant="outline"
            disabled={message.isRead || markRead.isPending}
            aria-busy={markRead.isPending}
            onClick={() => markRead.mutate(message.id)}
          >
            <Check aria-hidden />
            {t('messages.markRead')}
          </Button>
          <DeleteMessageDialog message={message} onDeleted={onDeleted} />
        </div>
      </article>
    </li>
  );
}
