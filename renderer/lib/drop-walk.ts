// Files and folders dropped from the desktop, with their paths relative to the drop: folders are
// walked through the File and Directory Entries API (webkitGetAsEntry), which must be read during
// the drop event itself; the walk afterwards is asynchronous.
export interface DroppedFile {
  readonly file: File;
  /** `folder/sub/name.pdf` for folder drops, `name.pdf` for single files. */
  readonly relativePath: string;
}

/** Takes the entries synchronously (the list is emptied once the event handler returns). */
export function takeDropEntries(data: DataTransfer): { entries: FileSystemEntry[]; files: File[] } {
  const entries: FileSystemEntry[] = [];
  const files: File[] = [];
  const items = data.items ? [...data.items] : [];
  for (const item of items) {
    if (item.kind !== 'file') continue;
    const entry = typeof item.webkitGetAsEntry === 'function' ? item.webkitGetAsEntry() : null;
    if (entry) entries.push(entry);
    else {
      const file = item.getAsFile();
      if (file) files.push(file);
    }
  }
  if (entries.length === 0 && files.length === 0) files.push(...[...(data.files ?? [])]);
  return { entries, files };
}

function fileOf(entry: FileSystemFileEntry): Promise<File> {
  return new Promise((resolve, reject) => entry.file(resolve, reject));
}

function readAll(reader: FileSystemDirectoryReader): Promise<FileSystemEntry[]> {
  // readEntries returns at most ~100 entries per call; keep reading until it returns none.
  return new Promise((resolve, reject) => {
    const all: FileSystemEntry[] = [];
    const next = (): void =>
      reader.readEntries((batch) => {
        if (batch.length === 0) resolve(all);
        else {
          all.push(...batch);
          next();
        }
      }, reject);
    next();
  });
}

export async function walkEntries(entries: readonly FileSystemEntry[], prefix = ''): Promise<DroppedFile[]> {
  const out: DroppedFile[] = [];
  for (const entry of entries) {
    const path = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isFile) out.push({ file: await fileOf(entry as FileSystemFileEntry), relativePath: path });
    else if (entry.isDirectory)
      out.push(...(await walkEntries(await readAll((entry as FileSystemDirectoryEntry).createReader()), path)));
  }
  return out;
}

/** Files from an <input type=file> (webkitdirectory inputs give webkitRelativePath). */
export function filesFromInput(list: FileList | readonly File[]): DroppedFile[] {
  return [...list].map((file) => ({ file, relativePath: file.webkitRelativePath || file.name }));
}
