/**
 * The discovery documents (docs/oauth.md, "Discovery"): Protected Resource Metadata (RFC 9728) for the MCP endpoint
 * and the JSON API, and Authorization Server Metadata (RFC 8414).
 */
import { type OAuth, Scope } from "@bookmark-library/domain"

export const protectedResource = (server: OAuth.Server, resource: string) => ({
  resource,
  authorization_servers: [server.issuer],
  scopes_supported: Scope.all,
  bearer_methods_supported: ["header"],
  resource_name: "Bookmark library",
  resource_documentation: `${server.issuer}/v1/api/docs`
})

export const authorizationServer = (server: OAuth.Server, registration: boolean) => ({
  issuer: server.issuer,
  authorization_endpoint: `${server.issuer}/oauth/authorize`,
  token_endpoint: `${server.issuer}/oauth/token`,
  ...(registration ? { registration_endpoint: `${server.issuer}/oauth/register` } : {}),
  scopes_supported: Scope.all,
  response_types_supported: ["code"],
  response_modes_supported: ["query"],
  grant_types_supported: ["authorization_code", "refresh_token"],
  token_endpoint_auth_methods_supported: ["none"],
  code_challenge_methods_supported: ["S256"],
  client_id_metadata_document_supported: true,
  authorization_response_iss_parameter_supported: true
})
