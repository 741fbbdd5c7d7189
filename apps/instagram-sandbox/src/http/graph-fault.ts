/**
 * A Graph error on its way to the wire (§8.1 envelope). Handlers throw these; the dispatcher adds
 * `fbtrace_id` and the usage headers.
 */
export type GraphErrorBody = {
  message: string;
  type: string;
  code: number;
  error_subcode?: number;
  is_transient?: boolean;
  error_user_title?: string;
  error_user_msg?: string;
};

export class GraphFault extends Error {
  constructor(
    readonly status: number,
    readonly body: GraphErrorBody,
    readonly headers: Record<string, string> = {},
  ) {
    super(body.message);
  }
}

export type GraphErrorOptions = {
  subcode?: number;
  status?: number;
  type?: string;
  isTransient?: boolean;
  userTitle?: string;
  userMessage?: string;
  headers?: Record<string, string>;
};

export function graphError(
  code: number,
  message: string,
  options: GraphErrorOptions = {},
): GraphFault {
  return new GraphFault(
    options.status ?? 400,
    {
      message,
      type: options.type ?? "OAuthException",
      code,
      ...(options.subcode !== undefined ? { error_subcode: options.subcode } : {}),
      is_transient: options.isTransient ?? false,
      ...(options.userTitle !== undefined ? { error_user_title: options.userTitle } : {}),
      ...(options.userMessage !== undefined ? { error_user_msg: options.userMessage } : {}),
    },
    options.headers,
  );
}

export function unknownField(field: string, nodeType: string): GraphFault {
  return graphError(
    100,
    `(#100) Tried accessing nonexisting field (${field}) on node type (${nodeType})`,
  );
}

export function unsupportedRequest(method: string, id: string): GraphFault {
  const verb = method === "GET" ? "get" : method === "DELETE" ? "delete" : "post";
  return graphError(
    100,
    `Unsupported ${verb} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
    { subcode: 33, type: "GraphMethodException" },
  );
}

export function missingParameter(name: string): GraphFault {
  return graphError(100, `(#100) The parameter ${name} is required`);
}

export function invalidParameter(message: string, subcode?: number): GraphFault {
  return graphError(100, `(#100) ${message}`, subcode !== undefined ? { subcode } : {});
}

export function missingPermission(scope: string, code: 10 | 200 = 10): GraphFault {
  return code === 10
    ? graphError(10, "(#10) Application does not have permission for this action", {
        userMessage: `Missing permission: ${scope}`,
      })
    : graphError(200, `(#200) Requires ${scope} permission to manage the object`);
}
