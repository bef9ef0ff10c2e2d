import { ArchiveTypes } from './ArchiveTypes';
import { Faq } from './Faq';
import { FormatFeatures } from './FormatFeatures';
import { HowToUse } from './HowToUse';

/** Everything below the extractor, loaded with React.lazy (hence the default export too). */
export function HomeSections() {
  return (
    <>
      <HowToUse />
      <FormatFeatures />
      <ArchiveTypes />
      <Faq />
    </>
  );
}

export default HomeSections;
