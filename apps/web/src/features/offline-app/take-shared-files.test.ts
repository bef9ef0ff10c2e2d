import { describe, expect, it } from 'vitest';
import { sharedFilesId } from './take-shared-files';

describe('the id of files shared to the installed app', () => {
  it('is read from ?shared= when it is a worker-made UUID', () => {
    expect(sharedFilesId('?shared=0f8fad5b-d9cb-469f-a165-70867728950e')).toBe('0f8fad5b-d9cb-469f-a165-70867728950e');
    expect(sharedFilesId('?lng=de&shared=0f8fad5b-d9cb-469f-a165-70867728950e')).toBe('0f8fad5b-d9cb-469f-a165-70867728950e');
  });

  it('is ignored when absent or not one (a link cannot make the page read other cache keys)', () => {
    expect(sharedFilesId('')).toBeNull();
    expect(sharedFilesId('?shared=')).toBeNull();
    expect(sharedFilesId('?shared=../../assets/app.js')).toBeNull();
    expect(sharedFilesId('?shared=0f8fad5b-d9cb-469f-a165-70867728950e/0')).toBeNull();
  });
});
