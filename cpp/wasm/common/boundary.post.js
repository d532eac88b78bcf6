// The JS half of the modules' one error path (the C++ half is cpp/wasm/common/guarded.hpp).
// No binding throws into JS: a JS exception unwinding WASM frames would skip the destructors
// of the `val` arguments and leak them. A failed call instead *returns* an Error value; here,
// once embind has registered everything and before the module's promise hands it to anyone,
// every function, class constructor and method embind exposed is wrapped to throw that Error.
// The wrapper also reads every argument into plain data before the call: a getter that throws (a
// Proxy, an accessor) or a detached ArrayBuffer then fails here, in JS, before any WASM frame is
// on the stack, and the C++ side reads only data that cannot throw.
// Linked into attn_core and attn_figure2 (--post-js, inside the module's factory).
addOnPostRun(function wrapBindingsToThrow() {
  function throwIfError(result) {
    if (result instanceof Error) throw result;
    return result;
  }
  // Plain data with the same meaning to the C++ side (arguments.hpp, objects.hpp): an Array
  // copied element by element (holes stay holes); an object's
  // own enumerable properties, read once; typed arrays as they are (their elements are data).
  // Two levels deep, as the API's arguments go (an options object holding arrays).
  const maxArrayLength = Module['maxArrayLength'];
  function plain(value, depth) {
    if (value === null || typeof value !== 'object') return value;
    if (value instanceof ArrayBuffer) {
      ArrayBuffer.prototype.slice.call(value, 0, 0);  // throws here if the buffer is detached
      return value;
    }
    if (ArrayBuffer.isView(value) || depth > 1) return value;
    if (Array.isArray(value)) {
      const length = value.length;
      // A longer array is refused by its length alone; a stand-in of that length is not copied.
      if (length > maxArrayLength) return new Array(length);
      const copy = new Array(length);
      for (let i = 0; i < length; i++) if (i in value) copy[i] = plain(value[i], depth + 1);
      return copy;
    }
    const copy = {};
    for (const key of Object.keys(value)) copy[key] = plain(value[key], depth + 1);
    return copy;
  }
  function plainArguments(name, args) {
    try {
      return args.map((arg) => plain(arg, 0));
    } catch (error) {
      throw new Error(`${name}: an argument could not be read (${error && error.message})`);
    }
  }
  // `name`: the key it is exposed under (embind without dynamic execution leaves functions unnamed).
  function wrapFunction(binding, name) {
    const wrapped = function (...args) { return throwIfError(binding.apply(this, plainArguments(name, args))); };
    Object.defineProperty(wrapped, 'name', { value: name });
    wrapped.argCount = binding.argCount;
    return wrapped;
  }
  function wrapClass(Binding, name) {
    const proto = Binding.prototype;
    for (const key of Object.getOwnPropertyNames(proto)) {
      const d = Object.getOwnPropertyDescriptor(proto, key);
      // The methods; not `constructor` (read-only, and the class itself) nor the properties.
      if (key !== 'constructor' && typeof d.value === 'function' && 'argCount' in d.value) proto[key] = wrapFunction(d.value, key);
    }
    const Wrapped = function (...args) {
      if (!new.target) throw new TypeError(`use 'new' to construct ${name}`);
      return throwIfError(new Binding(...plainArguments(name, args)));
    };
    Object.defineProperty(Wrapped, 'name', { value: name });
    Wrapped.prototype = proto;  // instanceof and the methods are the class's own
    return Wrapped;
  }
  // embind marks what it exposes with argCount; a class's prototype carries embind's
  // delete()/isDeleted().
  for (const key of Object.keys(Module)) {
    const value = Module[key];
    if (typeof value !== 'function' || !('argCount' in value)) continue;
    const isClass = value.prototype && typeof value.prototype.isDeleted === 'function';
    Module[key] = isClass ? wrapClass(value, key) : wrapFunction(value, key);
  }
});
