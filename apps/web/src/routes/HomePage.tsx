export function HomePage() {
  return <div className="py-8" />;
}
