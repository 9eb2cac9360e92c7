export default function CertificateRoute() {
  return (
    <main className="p-6">
      <h1 className="text-2xl font-bold">Certificate check</h1>
    </main>
  );
}
