// Queries and writes of the staff form screens (docs/API.md "Forms (issue 16 …)", Staff). Files go up with
// XMLHttpRequest, the one browser API that reports upload progress.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, getCsrfToken, apiError } from '../../lib/api';
import { answersToSend, formKey, formsKey } from './logic';
import type { FormListItem, FormQuestion, FormValues, StaffForm, UploadedFile } from './types';

const enc = encodeURIComponent;

export const useForms = () =>
  useQuery({ queryKey: formsKey, queryFn: ({ signal }) => api<{ items: FormListItem[] }>('/api/forms', { signal }), staleTime: 0 });

export const useForm = (id: string) =>
  useQuery({ queryKey: formKey(id), queryFn: ({ signal }) => api<{ form: StaffForm }>(`/api/forms/${enc(id)}`, { signal }), staleTime: 0 });

export function useSubmitForm(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ questions, values }: { questions: FormQuestion[]; values: FormValues }) =>
      api<{ submission: { id: string }; mySubmissions: number; canSubmit: boolean }>(`/api/forms/${enc(id)}/submissions`, {
        method: 'POST',
        body: { answers: answersToSend(questions, values) },
      }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: formsKey, exact: true });
    },
  });
}

/** POST /api/forms/:id/files with the file's bytes; `onProgress` gets 0-100. */
export async function uploadFormFile(formId: string, file: File, onProgress: (percent: number) => void): Promise<UploadedFile> {
  const token = await getCsrfToken();
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/forms/${enc(formId)}/files`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    xhr.setRequestHeader('X-Filename', enc(file.name));
    xhr.setRequestHeader('X-CSRF-Token', token);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded * 100) / e.total));
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = undefined;
      }
      if (xhr.status === 201) resolve((body as { file: UploadedFile }).file);
      else void apiError(xhr.status, body, xhr.getResponseHeader('X-Request-Id')).then(reject);
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK_ERROR', 'Network error'));
    xhr.send(file);
  });
}
