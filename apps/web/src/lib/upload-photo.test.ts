import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from '@shule/shared/uploads';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { refuseImage, usePhotoUpload } from './upload-photo';

describe('refuseImage', () => {
  it('accepts JPEG and PNG up to 5 MB and refuses the rest before sending', () => {
    expect(refuseImage({ type: 'image/png', size: 10 })).toBeUndefined();
    expect(refuseImage({ type: 'image/jpeg', size: MAX_UPLOAD_BYTES })).toBeUndefined();
    expect(refuseImage({ type: 'image/gif', size: 10 })).toBe(UPLOAD_MESSAGES.type);
    expect(refuseImage({ type: 'image/png', size: MAX_UPLOAD_BYTES + 1 })).toBe(
      UPLOAD_MESSAGES.tooLarge,
    );
  });
});

describe('usePhotoUpload', () => {
  const fetchMock = vi.fn<typeof fetch>();
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('uploads the chosen file as multipart field "file" and keeps its secure_url', async () => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ secure_url: '/uploads/abcdefgh.png' }), { status: 201 }),
    );
    const { result } = renderHook(() => usePhotoUpload());
    act(() => {
      void result.current.choose(new File(['x'], 'a.png', { type: 'image/png' }));
    });
    expect(result.current.uploading).toBe(true);
    await waitFor(() => expect(result.current.url).toBe('/uploads/abcdefgh.png'));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/uploads/');
    expect((init!.body as FormData).get('file')).toBeInstanceOf(File);
  });

  it('reports a failed upload with the server reason', async () => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ message: UPLOAD_MESSAGES.type }), { status: 415 }),
    );
    const { result } = renderHook(() => usePhotoUpload());
    await act(() => result.current.choose(new File(['x'], 'a.png', { type: 'image/png' })));
    expect(result.current.state).toEqual({
      status: 'error',
      fileName: 'a.png',
      reason: UPLOAD_MESSAGES.type,
    });
    expect(result.current.url).toBeUndefined();
  });

  it('keeps only the latest choice when an earlier upload finishes late', async () => {
    vi.stubGlobal('fetch', fetchMock);
    let finishFirst!: (r: Response) => void;
    fetchMock
      .mockReturnValueOnce(new Promise<Response>((resolve) => (finishFirst = resolve)))
      .mockResolvedValueOnce(
        new Response(JSON.stringify({ secure_url: '/uploads/second00.png' }), { status: 201 }),
      );
    const { result } = renderHook(() => usePhotoUpload());
    act(() => {
      void result.current.choose(new File(['1'], 'first.png', { type: 'image/png' }));
    });
    await act(() => result.current.choose(new File(['2'], 'second.png', { type: 'image/png' })));
    await act(async () => {
      finishFirst(
        new Response(JSON.stringify({ secure_url: '/uploads/first000.png' }), { status: 201 }),
      );
    });
    expect(result.current.url).toBe('/uploads/second00.png');
  });
});
