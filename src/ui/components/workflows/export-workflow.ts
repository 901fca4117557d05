/**
 * "Export JSON": the workflow's current version as Activepieces' nested flow JSON (the file our import
 * and Activepieces' both read), written by `toNestedFlowJson`, which does not recurse per step.
 */
import { toNestedFlowJson, type FlatVersion } from '../../../domain/index.ts';

const MAX_FILE_STEM = 80;

/** 'Send invoices (EU)' → 'send-invoices-eu.json'; a name with nothing usable → 'workflow.json'. */
export function exportFileName(displayName: string): string {
  const stem = displayName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '') // accents off: 'Café' → 'cafe'
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_FILE_STEM)
    .replace(/-+$/, '');
  return `${stem || 'workflow'}.json`;
}

export interface ExportFile {
  fileName: string;
  text: string;
}

export function workflowExportFile(version: FlatVersion): ExportFile {
  return { fileName: exportFileName(version.displayName), text: toNestedFlowJson(version) };
}

/** Hands a text file to the browser's download (a temporary object URL on a clicked link). */
export function downloadTextFile({ fileName, text }: ExportFile, type = 'application/json'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled; revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
