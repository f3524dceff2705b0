// Talking to the referee (the service): every answer comes back as { status, ok, data }, a
// network failure or an unreadable answer too; errorText says what went wrong in words a
// player understands, and what to do about it.

// ``unreachable``: what to say when the referee cannot be reached (the score pad says that it
// keeps the entries).
const UNREACHABLE = "The referee could not be reached: check that this device is connected to "
  + "the referee (and that the referee is running), then try again.";

export async function call(method, path, body, headers = {}, unreachable = UNREACHABLE) {
  const options = { method, headers: { ...headers } };
  if (typeof body === "string") {
    options.headers["Content-Type"] = "text/plain; charset=utf-8";
    options.body = body;
  } else if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  const failed = (message) => ({ status: 0, ok: false, data: { error: { message } } });
  let response;
  try {
    response = await fetch(path, options);
  } catch (error) {
    return failed(unreachable);
  }
  const type = response.headers.get("Content-Type") || "";
  try {
    const data = type.includes("json") ? await response.json() : await response.text();
    return { status: response.status, ok: response.ok, data };
  } catch (error) {
    return failed(`The referee's answer (${response.status}) could not be read: try again; `
      + "if it happens again, reload the page.");
  }
}

// What each kind of refusal means for the person at the table (the service's own message,
// which names the detail, follows where it helps).
const ADVICE = {
  400: () => "The page sent something the referee could not read: reload the page and try again.",
  401: () => "Saving needs this referee's password: ask the person who runs it, type it in the "
    + "password box and save again.",
  403: () => "That password is not this referee's: check it with the person who runs it and "
    + "save again.",
  404: (m) => `Not found: ${m}. Check the link or the name and try again.`,
  413: (m) => `Too long for this referee (${m}): split the record into shorter ones and try `
    + "each.",
  422: (m) => `The referee cannot answer this as it is: ${m}`,
  429: () => "Too many rulings saved from here in the last minute: wait a minute, then save "
    + "again.",
  500: (m) => `The referee hit a fault of its own (${m}): try again; if it happens again, `
    + "please report it with what you asked.",
  503: () => "The referee is busy with other tables: wait a moment and try again.",
  504: (m) => `The referee took too long (${m}): try a shorter record, or try again later.`,
};

export function errorText(result) {
  const error = result.data && result.data.error;
  const message = (error && error.message) || "";
  if (result.status === 0) return message;
  const advice = ADVICE[result.status];
  if (advice) return advice(message || `answer ${result.status}`);
  return `The referee refused (${result.status}${message ? `: ${message}` : ""}): try again.`;
}
