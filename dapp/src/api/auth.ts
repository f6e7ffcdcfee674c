/** The spec's Auth calls, typed by the reply schemas the api checks its replies against. */
import type {
  authReplySchema,
  messageReplySchema,
  signupReplySchema,
  userReplySchema,
  acceptTermsBodySchema,
  changePasswordBodySchema,
  signupBodySchema,
  updateProfileBodySchema,
} from '@gavel/domain';
import { apiRequest, type BodyOf, type ReplyOf } from './http.ts';

export type SignupBody = BodyOf<typeof signupBodySchema>;
export type UpdateProfileBody = BodyOf<typeof updateProfileBodySchema>;
export type ChangePasswordBody = BodyOf<typeof changePasswordBodySchema>;
export type AcceptTermsBody = BodyOf<typeof acceptTermsBodySchema>;

const post = <T>(path: string, body: unknown) => apiRequest<T>(path, { method: 'POST', body });

export const authApi = {
  signup: (body: SignupBody) => post<ReplyOf<typeof signupReplySchema>>('/auth/signup', body),
  signin: (body: { email: string; password: string }) => post<ReplyOf<typeof authReplySchema>>('/auth/signin', body),
  verifyEmail: (body: { userId: string; code: string }) => post<ReplyOf<typeof authReplySchema>>('/auth/verify-email', body),
  resendCode: (userId: string) => post<ReplyOf<typeof messageReplySchema>>('/auth/resend-code', { userId }),
  forgotPassword: (email: string) => post<ReplyOf<typeof messageReplySchema>>('/auth/forgot-password', { email }),
  verifyResetCode: (body: { email: string; code: string }) => post<ReplyOf<typeof messageReplySchema>>('/auth/verify-reset-code', body),
  resetPassword: (body: { email: string; code: string; password: string; confirmPassword?: string }) => post<ReplyOf<typeof messageReplySchema>>('/auth/reset-password', body),
  changePassword: (body: ChangePasswordBody) => apiRequest<ReplyOf<typeof authReplySchema>>('/auth/change-password', { method: 'PATCH', body }),
  updateProfile: (body: UpdateProfileBody) => post<ReplyOf<typeof userReplySchema>>('/auth/update-profile', body),
  me: (signal?: AbortSignal) => apiRequest<ReplyOf<typeof userReplySchema>>('/auth/me', { signal }),
  acceptTerms: (body: AcceptTermsBody) => post<ReplyOf<typeof userReplySchema>>('/auth/accept-terms', body),
  logout: (token: string | null) => apiRequest<ReplyOf<typeof messageReplySchema>>('/auth/logout', { method: 'POST', token }),
};
