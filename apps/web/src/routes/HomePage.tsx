import { lazy, Suspense } from 'react';
import { Extractor } from '../features/extractor/Extractor';
import { Hero, HeroTiles } from '../features/home/Hero';
import { usePageHead } from '../app/head/use-page-head';

// Below the fold: loaded after the extractor, in their own chunk.
const HomeSections = lazy(() => import('../features/home/HomeSections'));

export function HomePage() {
  usePageHead('/', 'home');
  return (
    <div className="space-y-8 py-6 sm:space-y-10">
      <Hero />
      <Extractor />
      <HeroTiles />
      <Suspense fallback={null}>
        <HomeSections />
      </Suspense>
    </div>
  );
}

export default HomePage;
