import net from "node:net";

/** Just enough of an SMTP server to take messages: what each one's DATA carried. */
export function startSmtpServer(): Promise<{ port: number; received: string[]; close: () => Promise<void> }> {
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

/** A message's body as written, quoted-printable undone (nodemailer folds a long line with `=` at its end). */
export function decodeQuotedPrintable(data: string): string {
  return data
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}
