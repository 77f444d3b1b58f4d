export function Component() {
  return (
    <main className="mx-auto max-w-3xl px-6 py-24 text-center">
      <h1 className="text-5xl">Private Collection</h1>
    </main>
  );
}
