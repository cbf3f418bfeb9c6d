/**
 * The console's exports (issue 16 items 4, 5): the HMDA LAR and its edit report, the pipeline CSV and
 * an application's PDF bundle. Downloads go through the console's client (`fetchFile` in ../api.ts:
 * the token is a header, so a plain link cannot carry it) and are saved under the server's file name.
 */
import { ZHmdaReport, type THmdaReport } from '@heloc/domain';
import { call, fetchFile, showFile } from '../api';

export const HMDA_LAR_PATH = '/service-ops/api/v1/reports/hmda-lar';

/** The edit report's schema is the domain's, the one the server's route answers with. */
export type { THmdaReport };

/** The period's query string (year, quarter, organisation for platform staff). */
export function hmdaSearch(year: string, quarter: string, orgCode: string): string {
  const params = new URLSearchParams({ year });
  if (quarter) params.set('quarter', quarter);
  if (orgCode.trim()) params.set('orgCode', orgCode.trim().toUpperCase());
  return params.toString();
}

/** Fetches a file and saves it under the name the server gives (content-disposition), else `fallback`. */
export async function downloadFile(path: string, fallback: string): Promise<string> {
  const { blob, fileName } = await fetchFile(path, 'The file could not be downloaded');
  const name = fileName ?? fallback;
  showFile(blob, { save: name });
  return name;
}

export const exportsApi = {
  hmdaReport: (search: string) => call('GET', `${HMDA_LAR_PATH}?${search}&format=report`, ZHmdaReport),
  downloadHmda: (search: string) => downloadFile(`${HMDA_LAR_PATH}?${search}`, 'hmda-lar.txt'),
  /** The pipeline's view (its query without page size or cursor) as CSV. */
  downloadPipeline: (search: string) =>
    downloadFile(
      `/service-ops/api/v1/applications.csv?${search.replace(/&?(limit|cursor)=[^&]*/g, '')}`,
      'applications.csv',
    ),
  downloadBundle: (uuid: string, loanNumber: string) =>
    downloadFile(
      `/service-ops/api/v1/applications/${uuid}/bundle.pdf`,
      `application-${loanNumber}-bundle.pdf`,
    ),
};
