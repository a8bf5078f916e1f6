// JSON over HTTP. A failed request throws an Error carrying the server's
// own message and code, so pages show the reason, never a status number.
export class ApiError extends Error {
  constructor(code, message, status) {
    super(message);
    this.code = code;
    this.status = status;
  }
}

export async function api(method, path, body, token) {
  const headers = { "content-type": "application/json" };
  if (token) headers.authorization = `Bearer ${token}`;
  let res;
  try {
    res = await fetch(path, {
      method, headers, body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (err) {
    throw new ApiError("offline", String(err.message || err), 0);
  }
  const data = await res.json().catch(() => ({}));
  if (!res.ok) {
    const error = data.error || {};
    throw new ApiError(error.code || "http", error.message || res.statusText, res.status);
  }
  return data;
}

// What this browser remembers: seat tokens per table and the account session.
export const memory = {
  seatToken(table) { return localStorage.getItem(`cardroom-token-${table}`); },
  setSeatToken(table, token) {
    localStorage.setItem(`cardroom-token-${table}`, token);
    const mine = memory.myTables().filter((id) => id !== table);
    localStorage.setItem("cardroom-my-tables", JSON.stringify([table, ...mine].slice(0, 100)));
  },
  myTables() {
    try { return JSON.parse(localStorage.getItem("cardroom-my-tables") || "[]"); }
    catch { return []; }
  },
  session() { return localStorage.getItem("cardroom-session"); },
  setSession(token) {
    if (token) localStorage.setItem("cardroom-session", token);
    else localStorage.removeItem("cardroom-session");
  },
  // The token that lets this browser stop a table it created.
  ownerToken(table) { return localStorage.getItem(`cardroom-owner-${table}`); },
  setOwnerToken(table, token) { localStorage.setItem(`cardroom-owner-${table}`, token); },
  name() { return localStorage.getItem("cardroom-name") || ""; },
  setName(name) { localStorage.setItem("cardroom-name", name); },
};
