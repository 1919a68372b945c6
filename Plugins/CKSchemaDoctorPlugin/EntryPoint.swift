/// The plugin's entry point, apart from its code so that the tests compile the plugin without it.
@main
extension CKSchemaDoctorPlugin {}
