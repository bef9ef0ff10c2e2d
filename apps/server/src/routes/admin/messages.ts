// The contact messages for the admin: list (newest first), mark read or unread, delete.
import { adminMessagePatchSchema, type AdminMessages } from '@archive-opener/shared/api';
import type { FastifyPluginAsync } from 'fastify';
import { deleteMessage, isMessageId, listMessages, setMessageRead } from '../../contact/contact-messages-repository.js';
import type { Database } from '../../db/database.js';
import { ApiError, parseInput } from '../api-errors.js';

// Far more than anyone reads in one sitting; older ones stay stored until deleted or expired.
const LIST_LIMIT = 500;

function messageId(id: string): string {
  if (!isMessageId(id)) throw new ApiError('NOT_FOUND', 'No message with this id.');
  return id;
}

const messages: FastifyPluginAsync<{ db: Database }> = async (app, { db }) => {
  app.get('/api/admin/messages', async (): Promise<AdminMessages> => listMessages(db, LIST_LIMIT));

  app.patch<{ Params: { id: string } }>('/api/admin/messages/:id', async (request) => {
    const { isRead } = parseInput(adminMessagePatchSchema, request.body);
    const message = await setMessageRead(db, messageId(request.params.id), isRead);
    if (!message) throw new ApiError('NOT_FOUND', 'No message with this id.');
    return message;
  });

  app.delete<{ Params: { id: string } }>('/api/admin/messages/:id', async (request, reply) => {
    if (!(await deleteMessage(db, messageId(request.params.id)))) throw new ApiError('NOT_FOUND', 'No message with this id.');
    return reply.code(204).send();
  });
};

export default messages;
