<?xml version="1.0"?>
<tileset name="c53"><tileset/><tileset firstgid="9" source="c54.tsx"/></tileset>
