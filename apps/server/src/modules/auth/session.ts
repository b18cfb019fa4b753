import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { AppError } from '../../plugins/errors.ts';

export interface SessionUser {
  id: string;
  email: string;
  emailVerified: boolean;
  name: string;
  image?: string | null;
  createdAt: Date;
}

/** The signed-in user of a request, or null. */
export async function findSessionUser(app: FastifyInstance, request: FastifyRequest): Promise<SessionUser | null> {
  const session = await app.auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
  return (session?.user as SessionUser | undefined) ?? null;
}

/** The signed-in user of a request; a 401 when there is none. */
export async function requireUser(app: FastifyInstance, request: FastifyRequest): Promise<SessionUser> {
  const user = await findSessionUser(app, request);
  if (!user) throw new AppError('unauthorized', 'Sign in to use this');
  return user;
}
