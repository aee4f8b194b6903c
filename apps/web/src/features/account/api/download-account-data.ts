import { AccountExportSchema, accountExportFileName } from '@dispatch/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

/** Saves the reader's data as a JSON file: the API needs the token, so the browser cannot just follow a link. */
async function downloadAccountData(): Promise<void> {
  const data = await apiRequest(apiPaths.accountExport, AccountExportSchema);
  const file = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = accountExportFileName(data.exportedAt);
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file to the browser's download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function useDownloadAccountData() {
  return useMutation({ mutationFn: downloadAccountData });
}
