import net from "node:net";
import type { FastifyInstance } from "fastify";

/** The app's port, listening on loopback first if it is not yet. */
export async function portOf(app: FastifyInstance): Promise<number> {
  if (!app.server.listening) await app.listen({ port: 0, host: "127.0.0.1" });
  return (app.server.address() as net.AddressInfo).port;
}

/** A connection speaking HTTP by hand, so a test sees the bytes on the wire: what it received, and when it closed. */
export function rawConnection(port: number) {
  const socket = net.connect(port, "127.0.0.1");
  let received = "";
  socket.setEncoding("latin1");
  socket.on("data", (chunk: string) => {
    received += chunk;
  });
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  return { socket, closed, received: () => received };
}
