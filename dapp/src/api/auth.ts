/** The Auth calls of buyer-side section 7, each checked against the reply schema the api itself uses. */
import {
  authReplySchema,
  messageReplySchema,
  signupReplySchema,
  userReplySchema,
  type acceptTermsBodySchema,
  type changePasswordBodySchema,
  type signupBodySchema,
  type updateProfileBodySchema,
} from '@gavel/domain';
import { apiRequest } from './http.ts';

/** What each form sends: the domain schema's input, before its transforms. */
type Input<S extends { _zod: { input: unknown } }> = S['_zod']['input'];

export type SignupBody = Input<typeof signupBodySchema>;
export type UpdateProfileBody = Input<typeof updateProfileBodySchema>;
export type ChangePasswordBody = Input<typeof changePasswordBodySchema>;
export type AcceptTermsBody = Input<typeof acceptTermsBodySchema>;

const post = <T>(path: string, body: unknown, schema: { parse(data: unknown): T }) => apiRequest(path, { method: 'POST', body, schema });

export const authApi = {
  signup: (body: SignupBody) => post('/auth/signup', body, signupReplySchema),
  signin: (body: { email: string; password: string }) => post('/auth/signin', body, authReplySchema),
  verifyEmail: (body: { userId: string; code: string }) => post('/auth/verify-email', body, authReplySchema),
  resendCode: (userId: string) => post('/auth/resend-code', { userId }, messageReplySchema),
  forgotPassword: (email: string) => post('/auth/forgot-password', { email }, messageReplySchema),
  verifyResetCode: (body: { email: string; code: string }) => post('/auth/verify-reset-code', body, messageReplySchema),
  resetPassword: (body: { email: string; code: string; password: string; confirmPassword?: string }) =>
    post('/auth/reset-password', body, messageReplySchema),
  changePassword: (body: ChangePasswordBody) => apiRequest('/auth/change-password', { method: 'PATCH', body, schema: authReplySchema }),
  updateProfile: (body: UpdateProfileBody) => post('/auth/update-profile', body, userReplySchema),
  me: (signal?: AbortSignal) => apiRequest('/auth/me', { schema: userReplySchema, signal }),
  acceptTerms: (body: AcceptTermsBody) => post('/auth/accept-terms', body, userReplySchema),
  logout: () => post('/auth/logout', undefined, messageReplySchema),
};
