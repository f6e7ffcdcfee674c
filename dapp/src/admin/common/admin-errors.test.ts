import { describe, expect, it } from 'vitest';
import { adminMessages, LOT_IMAGE_MAX_BYTES } from '@gavel/domain';
import { ApiRequestError } from '../../api/http.ts';
import { checkImageFile } from '../media/upload-image.ts';
import { adminErrorMessage, fieldErrors } from './admin-errors.ts';

describe('admin error mapping', () => {
  it("prefers the server's own message", () => {
    expect(adminErrorMessage(new ApiRequestError(409, adminMessages.cannotEditEnded, 'lot_ended'), 'x')).toBe(adminMessages.cannotEditEnded);
  });

  it('maps statuses without a message to the spec texts', () => {
    const bare = (status: number) => new ApiRequestError(status, `Request failed with status ${status}`);
    expect(adminErrorMessage(bare(401), 'x')).toBe(adminMessages.notAuthorized);
    expect(adminErrorMessage(bare(403), 'x')).toBe(adminMessages.noPermission);
    expect(adminErrorMessage(bare(404), 'x')).toBe(adminMessages.auctionNotFound);
    expect(adminErrorMessage(bare(502), 'x')).toBe(adminMessages.serverError);
  });

  it("falls back to the screen's default (network failures, other statuses)", () => {
    expect(adminErrorMessage(new TypeError('Failed to fetch'), adminMessages.createFailed)).toBe(adminMessages.createFailed);
    expect(adminErrorMessage(new ApiRequestError(418, 'Request failed with status 418'), 'Failed')).toBe('Failed');
  });

  it('hands field errors to the form', () => {
    expect(fieldErrors(new ApiRequestError(400, 'Title is required', 'validation_failed', { title: 'Title is required' }))).toEqual({ title: 'Title is required' });
    expect(fieldErrors(new Error('boom'))).toEqual({});
  });
});

describe('lot form image checks', () => {
  it('accepts an image under 10 MB', () => {
    expect(checkImageFile({ type: 'image/png', size: 1024 })).toEqual({ ok: true });
  });

  it('refuses anything but an image, and images of 10 MB or more', () => {
    expect(checkImageFile({ type: 'application/pdf', size: 10 })).toEqual({ ok: false, title: adminMessages.invalidFile, detail: adminMessages.selectValidImage });
    expect(checkImageFile({ type: 'image/jpeg', size: LOT_IMAGE_MAX_BYTES })).toEqual({ ok: false, title: adminMessages.fileTooLarge, detail: adminMessages.selectSmallerImage });
  });
});
