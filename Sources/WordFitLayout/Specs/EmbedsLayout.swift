import WordFitCore

/// A spec that embeds ``LayoutFields``: its layout fields read and write as its own
/// (`spec.maxSize = 40`), and a spec file's relative font paths resolve against that file.
@dynamicMemberLookup
public protocol EmbedsLayout {
  /// The layout fields.
  var fields: LayoutFields { get set }
}

extension EmbedsLayout {
  /// A layout field, read or written as the spec's own (`spec.canvas`).
  public subscript<Value>(dynamicMember keyPath: WritableKeyPath<LayoutFields, Value>) -> Value {
    get { fields[keyPath: keyPath] }
    set { fields[keyPath: keyPath] = newValue }
  }

  /// A read-only property of the layout fields (``LayoutFields/inputFiles``).
  public subscript<Value>(dynamicMember keyPath: KeyPath<LayoutFields, Value>) -> Value {
    fields[keyPath: keyPath]
  }
}
