export default function DashboardRoute() {
  return (
    <main className="p-6">
      <h1 className="text-2xl font-bold">Dashboard</h1>
    </main>
  );
}
