import { TEACHER_MESSAGES } from '@shule/shared/teachers';
import {
  ACCEPTED_IMAGE_TYPES,
  MAX_UPLOAD_BYTES,
  UPLOAD_FIELD,
  UPLOAD_MESSAGES,
  type UploadResponse,
} from '@shule/shared/uploads';
import { type ChangeEvent, useCallback, useRef, useState } from 'react';
import { ApiError, api } from './api-client';

/** 'Failed to upload photo', the same words for both photo forms. */
export const PHOTO_UPLOAD_FAILED = TEACHER_MESSAGES.uploadFailed;

export type PhotoUploadState =
  | { status: 'idle' }
  | { status: 'uploading'; fileName: string }
  | { status: 'done'; fileName: string; url: string }
  | { status: 'error'; fileName: string; reason: string };

/** Why a file cannot be sent at all (checked here so the user need not wait for the server). */
export function refuseImage(file: Pick<File, 'type' | 'size'>): string | undefined {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) return UPLOAD_MESSAGES.type;
  if (file.size > MAX_UPLOAD_BYTES) return UPLOAD_MESSAGES.tooLarge;
  return undefined;
}

/** What to say under the photo input; failures start with 'Failed to upload photo'. */
export function describePhotoUpload(state: PhotoUploadState): {
  tone: 'muted' | 'success' | 'error';
  text: string;
} {
  switch (state.status) {
    case 'idle':
      return { tone: 'muted', text: 'JPEG or PNG, at most 5 MB' };
    case 'uploading':
      return { tone: 'muted', text: `Uploading ${state.fileName}...` };
    case 'done':
      return { tone: 'success', text: 'Photo uploaded' };
    case 'error':
      return { tone: 'error', text: `${PHOTO_UPLOAD_FAILED}: ${state.reason}` };
  }
}

export async function uploadPhoto(file: File): Promise<string> {
  const body = new FormData();
  body.append(UPLOAD_FIELD, file);
  const res = await api.post<UploadResponse>('/uploads/', body);
  return res.secure_url;
}

/**
 * A profile photo that uploads as soon as it is chosen, for the add-teacher and
 * admit-student forms. The form sends `url` with its data and refuses to submit while
 * `uploading` is true. Choosing another file while one is uploading drops the first result.
 */
export function usePhotoUpload() {
  const [state, setState] = useState<PhotoUploadState>({ status: 'idle' });
  const inputRef = useRef<HTMLInputElement>(null);
  // Each choice gets a number; a finished upload only counts if it is still the latest.
  const latest = useRef(0);

  const choose = useCallback(async (file: File | null | undefined) => {
    const ticket = ++latest.current;
    if (!file) {
      setState({ status: 'idle' });
      return;
    }
    const refused = refuseImage(file);
    if (refused) {
      setState({ status: 'error', fileName: file.name, reason: refused });
      return;
    }
    setState({ status: 'uploading', fileName: file.name });
    try {
      const url = await uploadPhoto(file);
      if (ticket === latest.current) setState({ status: 'done', fileName: file.name, url });
    } catch (err) {
      if (ticket !== latest.current) return;
      const reason = err instanceof ApiError ? err.message : 'Please try again.';
      setState({ status: 'error', fileName: file.name, reason });
    }
  }, []);

  const reset = useCallback(() => {
    latest.current += 1;
    setState({ status: 'idle' });
    if (inputRef.current) inputRef.current.value = '';
  }, []);

  return {
    state,
    uploading: state.status === 'uploading',
    /** The uploaded photo's address, once its upload has finished. */
    url: state.status === 'done' ? state.url : undefined,
    choose,
    reset,
    /** Spread on an <input>: a file picker limited to JPEG and PNG that uploads on change. */
    inputProps: {
      ref: inputRef,
      type: 'file',
      accept: ACCEPTED_IMAGE_TYPES.join(','),
      onChange: (e: ChangeEvent<HTMLInputElement>) => {
        void choose(e.target.files?.[0]);
      },
    },
  };
}
