import { ChevronDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';

/** Reveals the next page of a long list; says how many items are still hidden. */
export function ShowMoreButton({ remaining, onClick }: { remaining: number; onClick: () => void }) {
  const { t } = useTranslation();
  if (remaining <= 0) return null;
  return (
    <div className="mt-3 flex justify-center">
      <Button variant="outline" onClick={onClick}>
        <ChevronDown aria-hidden />
        {t('fileManager.showMore', { count: remaining })}
      </Button>
    </div>
  );
}
