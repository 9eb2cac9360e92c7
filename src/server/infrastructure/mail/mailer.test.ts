import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSmtpMailer } from "./mailer.js";

/** Just enough of an SMTP server to take messages: what each one's DATA carried. */
function startSmtpServer(): Promise<{ port: number; received: string[]; close: () => Promise<void> }> {
  const received: string[] = [];
  const server = net.createServer((socket) => {
    let buffer = "";
    let data: string | undefined;
    socket.write("220 test ESMTP\r\n");
    socket.on("data", (chunk) => {
      buffer += chunk;
      for (let end = buffer.indexOf("\r\n"); end >= 0; end = buffer.indexOf("\r\n")) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data !== undefined) {
          if (line === ".") {
            received.push(data);
            data = undefined;
            socket.write("250 queued\r\n");
          } else data += `${line}\n`;
        } else if (/^DATA/i.test(line)) {
          data = "";
          socket.write("354 go on\r\n");
        } else if (/^QUIT/i.test(line)) socket.end("221 bye\r\n");
        else socket.write("250 ok\r\n");
      }
    });
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({
        port: (server.address() as net.AddressInfo).port,
        received,
        close: () => new Promise((done) => server.close(() => done())),
      }),
    ),
  );
}

describe("SMTP delivery", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await smtp.close();
  });

  // nodemailer is loaded by the first mail, not at start (docs/decisions/0220-server-loaded-lean.md).
  it("sends each mail to the relay, the first one included", async () => {
    const mailer = createSmtpMailer(`smtp://127.0.0.1:${smtp.port}`, "CareerPrep <no-reply@example.com>");
    await mailer.send({ to: "asha@example.com", subject: "Your sign-in link", text: "First" });
    await mailer.send({ to: "ravi@example.com", subject: "Your booking", text: "Second" });
    expect(smtp.received).toHaveLength(2);
    expect(smtp.received[0]).toContain("To: asha@example.com");
    expect(smtp.received[0]).toContain("Subject: Your sign-in link");
    expect(smtp.received[1]).toContain("Second");
  });
});
