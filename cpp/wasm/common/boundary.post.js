// The JS half of the modules' one error path (the C++ half is cpp/wasm/common/guarded.hpp).
// No binding throws into JS: a JS exception unwinding WASM frames would skip the destructors
// of the `val` arguments and leak them. A failed call instead *returns* an Error value; here,
// once embind has registered everything and before the module's promise hands it to anyone,
// every function, class constructor and method embind exposed is wrapped to throw that Error.
// Linked into attn_core and attn_figure2 (--post-js, inside the module's factory).
addOnPostRun(function wrapBindingsToThrow() {
  function throwIfError(result) {
    if (result instanceof Error) throw result;
    return result;
  }
  function wrapFunction(binding) {
    const wrapped = function (...args) { return throwIfError(binding.apply(this, args)); };
    Object.defineProperty(wrapped, 'name', { value: binding.name });
    wrapped.argCount = binding.argCount;
    return wrapped;
  }
  function wrapClass(Binding) {
    const proto = Binding.prototype;
    for (const key of Object.getOwnPropertyNames(proto)) {
      const d = Object.getOwnPropertyDescriptor(proto, key);
      // The methods; not `constructor` (read-only, and the class itself) nor the properties.
      if (key !== 'constructor' && typeof d.value === 'function' && 'argCount' in d.value) proto[key] = wrapFunction(d.value);
    }
    const Wrapped = function (...args) {
      if (!new.target) throw new TypeError(`use 'new' to construct ${Binding.name}`);
      return throwIfError(new Binding(...args));
    };
    Object.defineProperty(Wrapped, 'name', { value: Binding.name });
    Wrapped.prototype = proto;  // instanceof and the methods are the class's own
    return Wrapped;
  }
  // embind marks what it exposes with argCount; a class's prototype carries embind's
  // delete()/isDeleted().
  for (const key of Object.keys(Module)) {
    const value = Module[key];
    if (typeof value !== 'function' || !('argCount' in value)) continue;
    const isClass = value.prototype && typeof value.prototype.isDeleted === 'function';
    Module[key] = isClass ? wrapClass(value) : wrapFunction(value);
  }
});
