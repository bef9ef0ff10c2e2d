import { lazy, Suspense } from 'react';
import { Extractor } from '../features/extractor/Extractor';
import { Hero } from '../features/home/Hero';

// Below the fold: loaded after the extractor, in their own chunk.
const HomeSections = lazy(() => import('../features/home/HomeSections'));

export function HomePage() {
  return (
    <div className="space-y-10 py-8">
      <Hero />
      <Extractor />
      <Suspense fallback={null}>
        <HomeSections />
      </Suspense>
    </div>
  );
}
