/**
 * What the data picker needs from the panel: the workflow (its samples), the selected step (what runs
 * before it) and the version. The version is read through a getter when the picker opens, so the
 * context stays the same object while other steps change and the fields under it do not re-render.
 */
import { createContext } from 'react';
import type { FlatVersion } from '../../../../../domain/index.ts';

export interface DataPickerSource {
  flowId: string;
  stepName: string;
  version: () => FlatVersion;
}

export const DataPickerContext = createContext<DataPickerSource | null>(null);
