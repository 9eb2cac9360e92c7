export default function OnboardingRoute() {
  return (
    <main className="p-6">
      <h1 className="text-2xl font-bold">Book your session</h1>
    </main>
  );
}
