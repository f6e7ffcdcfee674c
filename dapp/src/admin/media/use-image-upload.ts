import { useCallback, useState } from 'react';
import { adminMessages } from '@gavel/domain';
import { serverMessage } from '../../api/http.ts';
import { useAppDispatch } from '../../state/store.ts';
import { showToast } from '../../state/toasts.ts';
import { checkImageFile, uploadImage } from './upload-image.ts';

/**
 * Uploads one picked image and hands back its address, toasting the spec's texts: 'Invalid File' / 'File Too
 * Large' for the local checks, the server's message (its type and size texts) or 'Upload Failed' otherwise.
 */
export function useImageUpload() {
  const dispatch = useAppDispatch();
  const [uploading, setUploading] = useState(false);
  const upload = useCallback(
    async (file: File): Promise<string | null> => {
      const check = checkImageFile(file);
      if (!check.ok) {
        dispatch(showToast({ tone: 'error', title: check.title, description: check.detail }));
        return null;
      }
      setUploading(true);
      try {
        return await uploadImage(file);
      } catch (error) {
        dispatch(showToast({ tone: 'error', title: adminMessages.uploadFailed, description: serverMessage(error) ?? adminMessages.uploadFailedDetail }));
        return null;
      } finally {
        setUploading(false);
      }
    },
    [dispatch],
  );
  return { upload, uploading };
}
