// A small weather API for examples/weather.json, on 127.0.0.1:8787 (or the port given):
//   node examples/weather-api.mjs [PORT]
//   protostage view examples/weather.json --allow-request-origin http://127.0.0.1:8787
import { createServer } from 'node:http';

const FORECASTS = {
  Oslo: { summary: 'Light snow', temperature: -3 },
  Lisbon: { summary: 'Sunny', temperature: 19 },
  Tokyo: { summary: 'Clear skies', temperature: 12 },
};

const port = Number(process.argv[2] ?? 8787);
createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  const city = url.searchParams.get('city') ?? '';
  const forecast = url.pathname === '/weather' ? FORECASTS[city] : undefined;
  if (!forecast) {
    response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: `no forecast for "${city}"` }));
    return;
  }
  response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ city, ...forecast }));
}).listen(port, '127.0.0.1', () => console.error(`weather API on http://127.0.0.1:${port}/weather?city=Oslo`));
