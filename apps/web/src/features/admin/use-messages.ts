import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AdminMessage, AdminMessages } from '@archive-opener/shared/api';
import { useTranslation } from 'react-i18next';
import { notify } from '../../components/toast/notify';
import { ApiRequestError } from '../../lib/api-request-error';
import { deleteMessage, fetchMessages, isUnauthorized, markMessageRead } from './admin-api';
import { adminKeys, csrfToken } from './admin-query-client';
import { DASHBOARD_REFRESH_MS } from './use-dashboard';

/** The contact messages, newest first; new ones show up with the dashboard's refresh. */
export function useMessages() {
  return useQuery({
    queryKey: adminKeys.messages,
    queryFn: fetchMessages,
    refetchInterval: DASHBOARD_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
}

/** Applies a change to the cached list, keeping its unread count in step with it. */
function changeMessages(client: QueryClient, change: (messages: AdminMessage[]) => AdminMessage[]): void {
  client.setQueryData<AdminMessages>(adminKeys.messages, (list) => {
    if (!list) return list;
    const messages = change(list.messages);
    const before = list.messages.filter((message) => !message.isRead).length;
    const after = messages.filter((message) => !message.isRead).length;
    return { messages, unreadCount: Math.max(0, list.unreadCount - (before - after)) };
  });
}

/** An ended session is announced once by the query client, not once more by each action. */
const sessionEnded = isUnauthorized;

// The toasts live in the mutations' own callbacks, which run even when the message's card is
// already gone (deleted, or refreshed away) by the time the answer arrives.
export function useMarkRead() {
  const client = useQueryClient();
  const { t } = useTranslation('admin');
  return useMutation({
    mutationFn: (id: string) => markMessageRead(id, csrfToken(client)),
    onSuccess: (updated) => {
      changeMessages(client, (messages) => messages.map((message) => (message.id === updated.id ? updated : message)));
      notify.success(t('messages.markedRead'));
    },
    onError: (error) => {
      if (!sessionEnded(error))
        notify.error(t('messages.markReadFailedTitle'), { description: t('messages.markReadFailedText') });
    },
  });
}

export function useDeleteMessage() {
  const client = useQueryClient();
  const { t } = useTranslation('admin');
  return useMutation({
    mutationFn: async (id: string) => {
      try {
        await deleteMessage(id, csrfToken(client));
      } catch (error) {
        // Already gone (deleted in another tab): what the admin asked for is done.
        if (!(error instanceof ApiRequestError && error.code === 'NOT_FOUND')) throw error;
      }
      return id;
    },
    onSuccess: (id) => {
      notify.success(t('messages.deleted'));
      changeMessages(client, (messages) => messages.filter((message) => message.id !== id));
    },
    onError: (error) => {
      if (!sessionEnded(error)) notify.error(t('messages.deleteFailedTitle'), { description: t('messages.deleteFailedText') });
    },
  });
}
