// What the browser's WebAssembly must support for the core's modules, asked before loading them:
// an engine that lacks it would otherwise fail to compile them with a message about the file.
// The modules use WebAssembly's own exception handling (CMakeLists.txt: -fwasm-exceptions).

// The smallest module that declares an exception tag: the magic and version, a type section
// with one function type () → (), and a tag section (id 13) with one tag of that type. An engine
// without exception handling does not know section 13 and calls the module invalid.
const MODULE_WITH_A_TAG = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, // \0asm, version 1
  0x01, 0x04, 0x01, 0x60, 0x00, 0x00,             // type section: 1 type, func () → ()
  0x0d, 0x03, 0x01, 0x00, 0x00,                   // tag section: 1 tag, attribute 0, type 0
]);

export const WASM_EXCEPTIONS_MISSING = '这个浏览器的 WebAssembly 不支持异常处理，计算核心无法运行'
  + '（需要 Chrome 95、Firefox 100、Safari 15.2 或更新的版本）。';

export function wasmExceptionsSupported() {
  try {
    return typeof WebAssembly === 'object' && WebAssembly.validate(MODULE_WITH_A_TAG);
  } catch {
    return false;
  }
}
