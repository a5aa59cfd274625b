// One icon per kind of row (lucide-react), decorative: the Type column says the same in words.
import {
  Archive,
  ClipboardList,
  File,
  FileAudio,
  FileBraces,
  FileImage,
  FileQuestionMark,
  FileSpreadsheet,
  FileText,
  FileType,
  FileVideo,
  Folder,
  Presentation,
  Sheet,
  type LucideIcon,
} from 'lucide-react';
import type { FileKind } from '../../lib/file-kind.js';

const ICONS: Record<FileKind, LucideIcon> = {
  folder: Folder,
  pdf: FileText,
  word: FileType,
  excel: FileSpreadsheet,
  powerpoint: Presentation,
  csv: Sheet,
  text: FileText,
  image: FileImage,
  audio: FileAudio,
  video: FileVideo,
  archive: Archive,
  json: FileBraces,
  'study-record': ClipboardList,
  record: ClipboardList,
  document: File,
  other: FileQuestionMark,
  unreadable: FileQuestionMark,
  pending: File,
};

export function KindIcon({ kind, size = 16 }: { readonly kind: FileKind; readonly size?: number }) {
  const Icon = ICONS[kind];
  return (
    <Icon className={`kind-icon kind-${kind}`} size={size} aria-hidden="true" focusable="false" data-kind={kind} />
  );
}
