import { AdminGate } from "./components/admin-gate.js";

export default function AdminRoute() {
  return (
    <AdminGate>
      <main className="p-6">
        <h1 className="text-2xl font-bold">Admin console</h1>
      </main>
    </AdminGate>
  );
}
