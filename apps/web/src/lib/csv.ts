import { saveFile } from './save-file';

export { toCsv } from '@shule/shared/csv';

export function downloadCsv(filename: string, csv: string) {
  saveFile(new Blob([csv], { type: 'text/csv;charset=utf-8' }), filename);
}
