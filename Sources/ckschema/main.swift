print("ckschema")
