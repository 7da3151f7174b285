// originalDst(fd): the IPv4 destination a connection had before an iptables REDIRECT/DNAT
// (getsockopt SOL_IP SO_ORIGINAL_DST), as { address, port }. Throws with errno's text on failure
// (ENOENT: the connection was not redirected or conntrack forgot it).
#include <arpa/inet.h>
#include <errno.h>
#include <linux/netfilter_ipv4.h>
#include <netinet/in.h>
#include <string.h>
#include <sys/socket.h>
#include <node_api.h>

static napi_value OriginalDst(napi_env env, napi_callback_info info) {
  size_t argc = 1;
  napi_value argv[1];
  int32_t fd = -1;
  if (napi_get_cb_info(env, info, &argc, argv, NULL, NULL) != napi_ok || argc < 1 ||
      napi_get_value_int32(env, argv[0], &fd) != napi_ok || fd < 0) {
    napi_throw_type_error(env, NULL, "originalDst(fd) needs a file descriptor");
    return NULL;
  }
  struct sockaddr_in addr;
  socklen_t len = sizeof(addr);
  memset(&addr, 0, sizeof(addr));
  if (getsockopt(fd, SOL_IP, SO_ORIGINAL_DST, &addr, &len) != 0) {
    napi_throw_error(env, NULL, strerror(errno));
    return NULL;
  }
  char text[INET_ADDRSTRLEN];
  inet_ntop(AF_INET, &addr.sin_addr, text, sizeof(text));
  napi_value result, address, port;
  napi_create_object(env, &result);
  napi_create_string_utf8(env, text, NAPI_AUTO_LENGTH, &address);
  napi_create_uint32(env, ntohs(addr.sin_port), &port);
  napi_set_named_property(env, result, "address", address);
  napi_set_named_property(env, result, "port", port);
  return result;
}

static napi_value Init(napi_env env, napi_value exports) {
  napi_value fn;
  napi_create_function(env, "originalDst", NAPI_AUTO_LENGTH, OriginalDst, NULL, &fn);
  napi_set_named_property(env, exports, "originalDst", fn);
  return exports;
}

NAPI_MODULE(NODE_GYP_MODULE_NAME, Init)
