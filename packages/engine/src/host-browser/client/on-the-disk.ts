import type { DiskMaker } from '@archive-opener/shared/allowed-name';

/**
 * How folders and files are made in a folder the visitor picked (the File System Access API),
 * for DiskTree: by the page's copy of shown files and by the worker writing as it extracts.
 */
export const ON_THE_DISK: DiskMaker<FileSystemDirectoryHandle, FileSystemFileHandle> = {
  folderIn: (parent, name) => parent.getDirectoryHandle(name, { create: true }),
  fileIn: (parent, name) => parent.getFileHandle(name, { create: true }),
};
