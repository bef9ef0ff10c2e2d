import { LoaderCircle } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminSection } from './AdminSection';
import { Badge } from './Badge';
import { MessageItem } from './MessageItem';
import { useMessages } from './use-messages';

/** The contact messages, newest first, in a scroll area of about 24rem (docs/product.md#admin-page). */
export function MessageList() {
  const { t } = useTranslation('admin');
  const messages = useMessages();
  const regionRef = useRef<HTMLDivElement>(null);
  const unread = messages.data?.unreadCount ?? 0;
  const aside = unread > 0 ? <Badge tone="primary">{t('messages.unread', { count: unread })}</Badge> : null;

  return (
    <AdminSection id="messages" title={t('messages.title')} aside={aside}>
      {messages.isPending && (
        <p role="status" className="flex items-center gap-2 text-muted-foreground">
          <LoaderCircle aria-hidden className="size-4 animate-spin motion-reduce:animate-none" />
          {t('dashboard.loading')}
        </p>
      )}
      {messages.isError && !messages.data && <p className="text-destructive">{t('messages.loadFailed')}</p>}
      {messages.data && (
        <div
          ref={regionRef}
          role="region"
          aria-label={t('messages.listLabel')}
          tabIndex={0}
          className="max-h-96 overflow-auto rounded-lg border border-border focus-visible:outline-2 focus-visible:outline-ring"
        >
          {messages.data.messages.length === 0 ? (
            <p className="p-4 text-muted-foreground">{t('messages.empty')}</p>
          ) : (
            <ul className="divide-y divide-border">
              {messages.data.messages.map((message) => (
                <MessageItem key={message.id} message={message} onDeleted={() => regionRef.current?.focus()} />
              ))}
            </ul>
          )}
        </div>
      )}
    </AdminSection>
  );
}
