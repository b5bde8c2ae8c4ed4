// The least an HTTP answer costs in Node: a plain node:http server answering every request with a fixed small JSON
// body, no framework, no routing, no database. The vendor bench's floor of a vendor call over HTTP (PORT).
import http from 'node:http';

const body = JSON.stringify({ success: true, value: 'pong' });
http
  .createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(200, {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
      });
      response.end(body);
    });
  })
  .listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('listening'));
